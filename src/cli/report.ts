/**
 * Results out: kept as the entry point other modules import; the formats
 * live in `./output`, one module each.
 */
export * from './output';
