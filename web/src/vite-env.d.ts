/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the platform's API lives when it is not the origin that served the app. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
