/** `npm run rotate-key`: retire the data folder's signing key and create a new one. */
import { rotateSigningKey } from './key-file.ts';

const { path } = await rotateSigningKey(process.env.ARENA_DATA_DIR || './data');
console.log(`New signing key written to ${path}; the old public key stays in the JWKS. Restart the arena to use it.`);
