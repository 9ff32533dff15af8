// The app version, read once from the root package.json.
import { readFileSync } from 'node:fs';

const rootPackage = new URL('../../../package.json', import.meta.url);
export const VERSION: string = (JSON.parse(readFileSync(rootPackage, 'utf8')) as { version: string }).version;
