import type { ServiceContext } from '../../../deps.js';
import type { LearnersReplaced } from './learners.service.js';

/**
 * After a rename (issue 51): learners added to a paid order are told as the others were when it
 * was paid. (Filled in by the learners' notices.)
 */
export function learnersRenamed(_ctx: ServiceContext, _orderId: string, _replaced: LearnersReplaced): void {}
