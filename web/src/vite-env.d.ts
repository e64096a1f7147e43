/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the platform's API lives when it is not the origin that served the app. */
  readonly VITE_API_BASE_URL?: string;
  /** The delivery map's tile server, `https://tile.example.org/{z}/{x}/{y}.png`; unset: no map. */
  readonly VITE_MAP_TILE_URL?: string;
  /** What the tile server asks to be credited with under the map. */
  readonly VITE_MAP_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
