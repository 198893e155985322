/// <reference types="vite/client" />

/** The build version (package version + commit); the server sends the same in `x-imm-version`. */
declare const __APP_VERSION__: string;
