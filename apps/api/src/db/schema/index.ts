export * from './legacy';
export * from './mobile';
export * from './notifications';
export * from './records';
export * from './review';
export * from './species';
export * from './stats';
export * from './users';
