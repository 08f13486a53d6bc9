import { OpenAnswers } from '../http/open-answers.ts';
import { memorySlot } from '../instance-memory.ts';

/** The event streams this instance holds open, by client; all of them ended when the instance stops. */
export const OPEN_STREAMS = memorySlot('the event streams this instance holds open, by client', () => new OpenAnswers());
