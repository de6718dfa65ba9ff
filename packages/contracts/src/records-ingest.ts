// Filled in by the records issue (4).
export {};
