/** `npm run rotate-key`: retire the data folder's signing key and create a new one. */
import { dataDirOf } from '../configuration/local-settings.ts';
import { readEnvironmentOrExit } from '../configuration/read.ts';
import { rotateSigningKey } from './key-file.ts';

const { path } = await rotateSigningKey(dataDirOf(readEnvironmentOrExit(process.env, process.exit)));
console.log(`New signing key written to ${path}; the old public key stays in the JWKS. Restart the arena to use it.`);
