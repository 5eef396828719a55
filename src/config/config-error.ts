/** A setting the process cannot start with; its message names the setting. */
export class ConfigError extends Error {}
