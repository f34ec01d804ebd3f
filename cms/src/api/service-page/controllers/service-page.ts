import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::service-page.service-page')
