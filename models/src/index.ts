export * from './image';
export * from './runtime';
export * from './face-detector';
export * from './face-landmarks';
export * from './head-pose';
export * from './face-embedding';
export * from './voice-activity';
export * from './object-detector';
