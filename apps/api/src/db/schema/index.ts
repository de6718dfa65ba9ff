export * from './mobile';
export * from './notifications';
export * from './records';
export * from './species';
export * from './stats';
export * from './users';
