/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPPORT_WHATSAPP?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
