import { ModelRecommendation } from "./utils/resolveModelRecommendationFileOptions.js";
export declare const recommendedModels: ModelRecommendation[];
