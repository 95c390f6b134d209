import { Controller, Get, Header, Inject } from '@nestjs/common';

export const SITE_CONFIG = Symbol('SITE_CONFIG');

/** Public facts about the site the web shows, e.g. the e-mail on the privacy and terms pages. */
export interface SiteConfig {
  contactEmail: string;
  supportEmail?: string;
}

@Controller('site')
export class SiteConfigController {
  constructor(@Inject(SITE_CONFIG) private readonly site: SiteConfig) {}

  @Get('config')
  @Header('Cache-Control', 'public, max-age=300')
  config(): SiteConfig {
    return this.site;
  }
}
