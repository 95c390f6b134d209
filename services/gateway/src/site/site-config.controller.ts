import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { z } from 'zod';
import type { siteConfigSchema } from '../openapi';

export const SITE_CONFIG = Symbol('SITE_CONFIG');

/** Public facts about the site the web shows, e.g. the e-mail on the privacy and terms pages. */
export type SiteConfig = z.infer<typeof siteConfigSchema>;

@Controller('site')
export class SiteConfigController {
  constructor(@Inject(SITE_CONFIG) private readonly site: SiteConfig) {}

  @Get('config')
  @Header('Cache-Control', 'public, max-age=300')
  config(): SiteConfig {
    return this.site;
  }
}
