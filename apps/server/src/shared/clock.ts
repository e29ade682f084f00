/**
 * What time it is, as the rules that wait for time see it (limits that wait 24 hours, exclusions that end). One
 * function passed down instead of `new Date()` scattered through them, so a test can move time forward.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
