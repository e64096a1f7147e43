/** The server's entry: the runners plus the manifest and onnxruntime-node sessions. */
export * from './index';
export * from './manifest';
export * from './node-sessions';
export * from './worker-sessions';
export * from './tfjs-session';
