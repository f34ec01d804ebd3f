import { factories } from '@strapi/strapi'

export default factories.createCoreService('api::terms-version.terms-version')
