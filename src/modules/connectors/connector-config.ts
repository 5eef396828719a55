import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppError } from '#src/common/errors/app.error.js';
import { flattenValidationErrors } from '#src/common/validation/validation.pipe.js';
import type { ConfigOptions, Connector } from '#src/modules/connectors/connector.js';

/**
 * Validates a source's `config` against its connector's DTO (unknown fields refused) and returns it
 * normalised, as stored; errors name the field as `config.<field>`.
 */
export async function validateConnectorConfig(connector: Connector, config: Record<string, unknown>, options: ConfigOptions): Promise<Record<string, unknown>> {
  if (!connector.configDto) {
    const unknown = Object.keys(config);
    if (unknown.length > 0) {
      throw AppError.invalid(
        `A ${connector.type} source takes no config: property ${unknown[0]} should not exist`,
        Object.fromEntries(unknown.map((key) => [`config.${key}`, [`property ${key} should not exist`]])),
      );
    }
    return {};
  }
  const dto = plainToInstance(connector.configDto, config);
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) {
    const details = Object.fromEntries(Object.entries(flattenValidationErrors(errors)).map(([field, messages]) => [`config.${field}`, messages]));
    throw AppError.invalid(Object.values(details)[0]?.[0] ?? 'config is invalid', details);
  }
  const normalised = connector.normaliseConfig ? await connector.normaliseConfig(dto, options) : dto;
  return withoutUndefined({ ...normalised });
}

function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
}
