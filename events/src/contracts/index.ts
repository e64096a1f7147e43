export * from './answers';
export * from './proctoring-actions';
