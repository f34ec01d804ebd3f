import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::terms-version.terms-version')
