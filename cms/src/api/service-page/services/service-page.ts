import { factories } from '@strapi/strapi'

export default factories.createCoreService('api::service-page.service-page')
