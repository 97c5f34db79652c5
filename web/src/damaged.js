// A packed replay that cannot be read: its message says why, in a few words.
export class Damaged extends Error {}
