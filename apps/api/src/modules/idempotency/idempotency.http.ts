import { IDEMPOTENCY_KEY_HEADER } from '@jarog/contracts';
import type { Request, Response } from 'express';
import { type Answer, type IdempotentRequest, idempotentRequest } from './idempotency.service';

/** The request's Idempotency-Key (validated) and a hash of `operation` + body; undefined without the header. */
export function idempotencyOf(
  req: Request,
  userId: string,
  operation: string,
): IdempotentRequest | undefined {
  return idempotentRequest(userId, req.get(IDEMPOTENCY_KEY_HEADER), req.body, operation);
}

/** Sends an answer; a replayed one says so in `Idempotent-Replayed: true`. */
export function sendAnswer<T>(res: Response, answer: Answer<T>): void {
  if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.status(answer.statusCode).json(answer.body);
}
