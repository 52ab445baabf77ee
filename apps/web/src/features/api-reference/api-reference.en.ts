/** English texts of the API reference (features/api-reference); the `api-reference` namespace. */
export const apiReferenceEn = {
  title: 'API reference',
  intro:
    'Every operation the server answers, generated from the contract: its path, what the caller must hold, what it takes and what it answers. Every call travels sealed in the envelope (PROTOCOL.md); the typed client for Node, packages/client, seals it for you.',
  download: 'Download OpenAPI (JSON)',
  search: 'Find an operation by path, summary or permission',
  count: '{{shown}} of {{total}} operations',
  none: 'No operation matches',
  permission: 'Permission',
  input: 'Input',
  output: 'Output',
  public: 'No session needed',
  signedIn: 'Any signed-in user',
  failed: 'The API reference could not be loaded',
};
