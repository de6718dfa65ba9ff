export * from './notifications';
export * from './species';
export * from './users';
