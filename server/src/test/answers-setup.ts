import { afterAll } from 'vitest';
import { enableAnswerCheck, undocumentedAnswers } from './answers.js';

// The server project only (vitest.config.ts): when a test file ends, every answer its tests received
// must be in /api/openapi.json (./answers.ts, docs/decisions/052-openapi-contract.md).
enableAnswerCheck();

afterAll(async () => {
  const undocumented = await undocumentedAnswers();
  if (undocumented.length) {
    throw new Error(
      `Answers /api/openapi.json does not document (method, path, status, problem code); add the code ` +
        `to the route with problems(...) (http/openapi-contract.ts), or fix the answer:\n  ${undocumented.join('\n  ')}`,
    );
  }
});
