import type { components } from '@/api/schema';

export type Organization = components['schemas']['OrganizationResponseDto'];

export const ORGANIZATION_KEY = ['get', '/api/v1/organization'] as const;
