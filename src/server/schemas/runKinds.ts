/** `GET /api/run-kinds`: every run kind with what its request takes (`runKindJson`). */
export const runKindsResponse = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'describe', 'period', 'templates', 'options'],
    properties: {
      name: { type: 'string' },
      describe: { type: 'string' },
      period: { type: 'boolean' },
      templates: { type: 'boolean' },
      options: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['type', 'describe', 'required'],
          properties: {
            type: { type: 'string', enum: ['string', 'boolean'] },
            describe: { type: 'string' },
            required: { type: 'boolean' },
            default: { type: 'boolean' },
          },
        },
      },
    },
  },
} as const;
