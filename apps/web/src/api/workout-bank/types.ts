// The Workout Bank's answer types, read from the contract's endpoint map.
import type { EndpointResponse, JsonEndpoint } from '@stamina/contract';

type Data<K extends JsonEndpoint> = EndpointResponse<K> extends { data: infer D } ? D : never;

export type { WorkoutTemplate } from '@stamina/contract';
export type WorkoutCategory = Data<'GET /v1/workout-bank/categories'>['categories'][number];
export type TemplateVariants = Data<'GET /v1/workout-bank/templates/{id}/variants'>;
export type SimilarTemplates = Data<'GET /v1/workout-bank/templates/{id}/similar'>;
export type FavoriteStatus = Data<'GET /v1/workout-bank/templates/{id}/favorite/status'>;
export type FavoriteList = Data<'GET /v1/workout-bank/favorites'>;
export type TemplateRating = NonNullable<Data<'GET /v1/workout-bank/templates/{id}/rating'>['rating']>;
export type RatingList = Data<'GET /v1/workout-bank/templates/{id}/ratings'>;
export type RateResponse = Data<'POST /v1/workout-bank/templates/{id}/rate'>;
export type PopularList = Data<'GET /v1/workout-bank/popular'>;
export type Recommendations = Data<'GET /v1/workout-bank/recommendations'>;
export type ConvertResponse = Data<'POST /v1/workout-bank/templates/{id}/convert'>;
export type NaturalSearch = Data<'POST /v1/workout-bank/search/natural'>;
export type TemplateSuggestions = Data<'POST /v1/workout-bank/templates/{id}/suggestions'>;
