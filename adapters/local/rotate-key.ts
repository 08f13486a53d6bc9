/** `npm run rotate-key`: retire the data folder's signing key and create a new one. */
import { rotateKeys } from './signing-keys.ts';

const dataDir = process.env.ARENA_DATA_DIR || './data';
const { path } = await rotateKeys(dataDir);
console.log(`New signing key written to ${path}; the old public key stays in the JWKS. Restart the arena to use it.`);
