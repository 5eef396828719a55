import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsString, Matches } from 'class-validator';
import { Optional } from '#src/common/validation/validators.js';

export const MAX_FOLDERS = 100;
export const MAX_SHARED_DRIVES = 50;

// Drive ids are URL-safe base64 words; holding them to that shape also keeps them safe inside a search query.
const DRIVE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** `config` of a google_drive source; with neither folders nor shared drives, the connected account's whole My Drive is read. */
export class GoogleDriveConfigDto {
  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_FOLDERS,
    example: ['1a2B3c4D5e6F7g8H9i0J'],
    description: 'Folders read with every folder below them (the id in the folder’s Drive URL).',
  })
  @Optional()
  @IsArray()
  @ArrayNotEmpty({ message: 'folder_ids must not be empty: leave it out instead' })
  @ArrayMaxSize(MAX_FOLDERS)
  @IsString({ each: true })
  @Matches(DRIVE_ID, { each: true, message: 'each value of folder_ids must be a Google Drive folder id' })
  folder_ids?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: MAX_SHARED_DRIVES, example: ['0AbCdEfGhIjKlUk9PVA'], description: 'Shared drives read in full.' })
  @Optional()
  @IsArray()
  @ArrayNotEmpty({ message: 'shared_drive_ids must not be empty: leave it out instead' })
  @ArrayMaxSize(MAX_SHARED_DRIVES)
  @IsString({ each: true })
  @Matches(DRIVE_ID, { each: true, message: 'each value of shared_drive_ids must be a Google Drive shared drive id' })
  shared_drive_ids?: string[];

  @ApiPropertyOptional({ default: false, description: 'Also read the files other people shared with the connected account.' })
  @Optional()
  @IsBoolean()
  include_shared_with_me?: boolean;
}
