export * from './notifications';
export * from './users';
export * from './species';
