import { ApiProperty } from '@nestjs/swagger';
import { exampleId } from '#src/common/ids/ids.js';

export class InteractionClientDto {
  @ApiProperty({ example: exampleId('oauthClient') })
  id: string;

  @ApiProperty({ example: 'Acme reporting' })
  name: string;
}

export class InteractionDetailsDto {
  @ApiProperty({ description: 'The interaction, as in the page address.' })
  uid: string;

  @ApiProperty({ enum: ['login', 'consent'], description: '`login`: the person signs in first; `consent`: they allow or decline the scopes.' })
  prompt: 'login' | 'consent';

  @ApiProperty({ type: InteractionClientDto })
  client: InteractionClientDto;

  @ApiProperty({ example: exampleId('organization'), description: 'The client\u2019s organization: only its people can sign in here.' })
  organization_id: string;

  @ApiProperty({ type: [String], example: ['read', 'offline_access'], description: 'The scopes asked for and not yet allowed.' })
  scopes: string[];

  @ApiProperty({ description: 'Whether this browser has a session in the client\u2019s organization.' })
  signed_in: boolean;
}

export class InteractionRedirectDto {
  @ApiProperty({ example: 'https://app.example.com/callback?code=…', description: 'Where the browser goes next (back through the authorization server).' })
  redirect_to: string;
}
