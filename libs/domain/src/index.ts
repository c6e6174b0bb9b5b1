export * from './calendar-date';
export * from './constants';
export * from './customer';
export * from './errors';
export * from './hire-cost';
export * from './money';
export * from './plans';
export * from './validation-messages';
