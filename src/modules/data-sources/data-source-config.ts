import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppError } from '#src/common/errors/app.error.js';
import { validateTargetUrl, TargetUrlError } from '#src/common/net/ssrf-guard.js';
import { flattenValidationErrors } from '#src/common/validation/validation.pipe.js';
import type { DataSourceType } from '#src/modules/data-sources/data-source.entity.js';
import { DEFAULT_MAX_PAGES, WebsiteConfigDto } from '#src/modules/data-sources/dto/data-source.dto.js';

export const SUPPORTED_TYPES: readonly DataSourceType[] = ['website', 'file'];

export function assertSupported(type: DataSourceType): void {
  if (!SUPPORTED_TYPES.includes(type)) {
    throw AppError.invalid(`Data sources of type ${type} are not yet supported: connectors ship in a later release`, {
      type: [`${type} is not yet supported`],
    });
  }
}

/**
 * Validates `config` for the source's type and returns it normalised (defaults filled in). A website URL
 * must be http(s), without credentials, and must not point at a private, loopback, link-local or metadata
 * address. A host that does not resolve yet is accepted: the sync reports it if it still does not.
 */
export async function normaliseConfig(type: DataSourceType, config: Record<string, unknown>, allowPrivateTargets: boolean): Promise<Record<string, unknown>> {
  if (type !== 'website') {
    const unknown = Object.keys(config);
    if (unknown.length > 0) {
      throw AppError.invalid(
        `A ${type} source takes no config: property ${unknown[0]} should not exist`,
        Object.fromEntries(unknown.map((key) => [`config.${key}`, [`property ${key} should not exist`]])),
      );
    }
    return {};
  }
  const website = plainToInstance(WebsiteConfigDto, config);
  const errors = await validate(website, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  if (errors.length > 0) {
    const details = Object.fromEntries(Object.entries(flattenValidationErrors(errors)).map(([field, messages]) => [`config.${field}`, messages]));
    throw AppError.invalid(Object.values(details)[0]?.[0] ?? 'config is invalid', details);
  }
  try {
    await validateTargetUrl(website.url, { allowPrivateTargets });
  } catch (error) {
    if (!(error instanceof TargetUrlError) || error.reason !== 'unresolvable') {
      const message = error instanceof TargetUrlError ? error.message : 'the URL cannot be crawled';
      throw AppError.invalid(`config.url ${message}`, { 'config.url': [message] });
    }
  }
  return { url: website.url, max_pages: website.max_pages ?? DEFAULT_MAX_PAGES };
}
