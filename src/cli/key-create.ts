import { plainToInstance } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsIn, IsString, MaxLength, MinLength, validateSync } from 'class-validator';
import { ALL_SCOPES } from '#src/common/auth/permissions.js';
import { isId } from '#src/common/ids/ids.js';
import { flattenValidationErrors } from '#src/common/validation/validation.pipe.js';
import { NoRepeats } from '#src/common/validation/validators.js';
import { KEY_ENVIRONMENTS, type KeyEnvironment } from '#src/modules/keys/api-key.entity.js';
import { toCreatedApiKeyResponse } from '#src/modules/keys/dto/api-key.response.dto.js';
import type { IssuedKey } from '#src/modules/keys/api-keys.service.js';
import type { OperatorKeyInput } from '#src/modules/organizations/organizations.service.js';

export class KeyCreateOptions {
  @IsString()
  @MinLength(1, { message: '--name must not be empty' })
  @MaxLength(200, { message: '--name must be at most 200 characters' })
  name: string;

  @IsArray()
  @ArrayNotEmpty({ message: '--scopes must name at least one scope' })
  @NoRepeats()
  @IsIn(ALL_SCOPES, { each: true, message: `--scopes must be among ${ALL_SCOPES.join(', ')}` })
  scopes: string[];

  @IsIn(KEY_ENVIRONMENTS, { message: `--environment must be one of ${KEY_ENVIRONMENTS.join(', ')}` })
  environment: KeyEnvironment;
}

/** `key:create` options: `--org`, `--name`, `--scopes` a comma-separated list (default admin), `--environment`. */
export function parseKeyCreateOptions(raw: { org?: unknown; name?: unknown; scopes?: unknown; environment?: unknown }): {
  orgId: string;
  input: OperatorKeyInput;
} {
  if (!isId('organization', raw.org)) {
    throw new Error('--org must be an organization id (org_…)');
  }
  const options = plainToInstance(KeyCreateOptions, {
    name: typeof raw.name === 'string' ? raw.name.trim() : raw.name,
    scopes: typeof raw.scopes === 'string' ? raw.scopes.split(',').map((scope) => scope.trim()) : raw.scopes,
    environment: raw.environment,
  });
  const errors = validateSync(options);
  if (errors.length > 0) {
    throw new Error(Object.values(flattenValidationErrors(errors)).flat().join('; '));
  }
  return { orgId: raw.org, input: { name: options.name, scopes: options.scopes, environment: options.environment } };
}

/** The one JSON line `key:create` prints: the key as the API's creation answers it, value included (shown once). */
export function keyCreatedLine(orgId: string, issued: IssuedKey): string {
  return JSON.stringify({ api_key: toCreatedApiKeyResponse(issued.entity, issued.key), organization_id: orgId });
}
