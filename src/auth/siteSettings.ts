/**
 * The sign-in settings this build was made with (docusaurus.config.ts puts them in `customFields`), read
 * once for the React tree and the Firebase SDK alike: nothing needs to pass them from call to call.
 */
import siteConfig from '@generated/docusaurus.config';
import type {SiteContact} from '../../contracts/siteSettings';
import type {AuthSettings} from './settings';

export const AUTH_SETTINGS = siteConfig.customFields!.auth as AuthSettings;

/** The site's name (site.config.ts), which the login page's words use. */
export const SITE_TITLE = siteConfig.title;

/** Where a reader the login page refuses asks for access (site.config.ts `contact`), or null. */
export const SITE_CONTACT = siteConfig.customFields!.contact as SiteContact | null;
