// The daily adaptation of a training plan (docs/adaptation.md).
export * from './rules.ts';
