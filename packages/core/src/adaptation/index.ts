// The daily adaptation of a training plan (docs/adaptation.md).

export * from './plan-changes.ts';
export * from './rules.ts';
