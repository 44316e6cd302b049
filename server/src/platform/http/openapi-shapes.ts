/**
 * The shapes every route's OpenAPI description repeats (docs/decisions/057-offices.md, layout):
 * a JSON response with its description, JSON content alone, and a required JSON request body.
 */
export const json = <T>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const jsonContent = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

export const jsonBody = <T>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
