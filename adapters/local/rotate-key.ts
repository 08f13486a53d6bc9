/** `npm run rotate-key`: retire the data folder's signing key and create a new one. */
import { dataDirOf } from '../configuration/local-settings.ts';
import { readEnvironment } from '../configuration/read.ts';
import { rotateSigningKey } from './key-file.ts';

const { path } = await rotateSigningKey(dataDirOf(readEnvironment(process.env)));
console.log(`New signing key written to ${path}; the old public key stays in the JWKS. Restart the arena to use it.`);
