export * from './notifications';
export * from './users';
