// /api/products/: generic calls and the product's images.
import type { FastifyInstance } from 'fastify';
import { product, productInput, productQuery, type Product } from '@marquee/contracts/advertisers';
import { resources } from '@marquee/contracts/resources';
import { registerCrudRoutes } from '../../http/crud.ts';
import { registerImageRoutes } from '../../media/images.routes.ts';
import { createImagesService, type ImageOwner, type ImagesDeps } from '../../media/images.service.ts';
import { productsRepository } from './products.repository.ts';
import type { ProductsService } from './products.service.ts';

/** Pictures of a product: up to 10; changing them needs change_product on it (its advertiser's link). */
export const productImages: ImageOwner<Product> = {
  definition: resources.products,
  maxImages: 10,
  load: (db, id) => productsRepository.get(db, id),
  repr: (item) => item.name,
};

export function registerProductRoutes(
  app: FastifyInstance,
  { service, imageDeps }: { service: ProductsService; imageDeps: ImagesDeps },
) {
  const definition = resources.products;
  const tag = 'products';
  registerCrudRoutes(app, service, definition, { item: product, input: productInput, query: productQuery, tag }, [
    'list',
    'get',
    'create',
    'update',
    'delete',
    'deactivate',
    'enable',
  ]);
  registerImageRoutes(app, {
    endpoint: definition.endpoint,
    service: createImagesService(imageDeps, productImages),
    tag,
  });
}
