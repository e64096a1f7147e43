export * from './answers';
export * from './proctoring-actions';
export * from './chat';
export * from './shop';
export * from './device-agent';
export * from './identity';
export * from './platform-answers';
export * from './media';
