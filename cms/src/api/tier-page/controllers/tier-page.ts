import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::tier-page.tier-page')
