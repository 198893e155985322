// The resource registry: endpoint, model name and extra methods of every API resource.

export type ResourceDefinition = {
  endpoint: string;
  model_name: string;
  /** Extra server-defined methods: `{endpoint}{id}/{name}/` (detail) or `{endpoint}{name}/` (list). */
  extra_methods?: Record<string, { detail: boolean; method: 'GET' | 'POST' | 'PATCH' | 'DELETE' }>;
  /** The api client does not apply the 401/403 session handling to this resource. */
  ignoreAuthModule?: boolean;
};

export const resources = {
  roles: { endpoint: '/api/roles/', model_name: 'role' },
  permissions: { endpoint: '/api/permissions/', model_name: 'permission' },
  logEntries: { endpoint: '/api/log-entries/', model_name: 'logentry' },
} as const satisfies Record<string, ResourceDefinition>;

export const authEndpoint = '/api/auth/';
export const userInfoEndpoint = '/api/user-info/';
export const docsEndpoint = '/api/docs';
