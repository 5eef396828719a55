import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { Optional } from '#src/common/validation/validators.js';

export const MAX_SHAREPOINT_SITES = 50;
export const MAX_SHAREPOINT_DRIVES = 100;
export const DRIVE_ID_PATTERN = /^[A-Za-z0-9!_-]+$/;

/** `config` of a SharePoint source: with neither field, every site the consenting account can search. */
export class SharePointConfigDto {
  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_SHAREPOINT_SITES,
    example: ['https://contoso.sharepoint.com/sites/eng'],
    description: 'Sites whose document libraries are read, by their address.',
  })
  @Optional()
  @IsArray()
  @ArrayNotEmpty({ message: 'site_urls must not be empty: leave it out instead' })
  @ArrayMaxSize(MAX_SHAREPOINT_SITES)
  @IsString({ each: true })
  @MaxLength(2_048, { each: true })
  @IsUrl(
    { protocols: ['https'], require_protocol: true, disallow_auth: true },
    { each: true, message: 'each value of site_urls must be an https URL without a user name or password' },
  )
  site_urls?: string[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_SHAREPOINT_DRIVES,
    example: ['b!kGq3Zf0AAEuXyl1nd2aLZ5sVYmA9kLxAsvYx2nYi7UyK9f8eX2mVR5fnmJn0Wq1c'],
    description: 'Document libraries read directly, by their Microsoft Graph drive id.',
  })
  @Optional()
  @IsArray()
  @ArrayNotEmpty({ message: 'drive_ids must not be empty: leave it out instead' })
  @ArrayMaxSize(MAX_SHAREPOINT_DRIVES)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  @Matches(DRIVE_ID_PATTERN, { each: true, message: 'each value of drive_ids must be a Microsoft Graph drive id' })
  drive_ids?: string[];
}
