import { factories } from '@strapi/strapi'

export default factories.createCoreService('api::tier-page.tier-page')
