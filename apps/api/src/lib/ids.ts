const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (the form of every id here), so other text never reaches a uuid column. */
export const isUuid = (value: string): boolean => UUID.test(value);
