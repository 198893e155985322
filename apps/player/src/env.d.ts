/** The build's version (scripts/version.mjs), sent as the heartbeat's `app_version`. */
declare const __PLAYER_VERSION__: string;
