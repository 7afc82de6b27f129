// Every Leptonica function Legible calls, for loader.c: F(return type, name, (parameters),
// (arguments)), or V(name, (parameters), (arguments)) for those returning nothing. The
// parameters are the ones leptonica/allheaders.h declares (the compiler checks them against it).
// A call to a function missing here fails to link with "undefined symbol": add its line.
// setMsgSeverity is not here: loader.c answers it without loading the library.
#define LEGIBLE_LEPTONICA_FUNCTIONS(F, V) \
    F(BOX *, boxCreate, (l_int32 x, l_int32 y, l_int32 w, l_int32 h), (x, y, w, h)) \
    V(boxDestroy, (BOX **pbox), (pbox)) \
    V(boxaDestroy, (BOXA **pboxa), (pboxa)) \
    F(l_ok, boxaGetBoxGeometry, (BOXA *boxa, l_int32 index, l_int32 *px, l_int32 *py, l_int32 *pw, l_int32 *ph), (boxa, index, px, py, pw, ph)) \
    F(l_int32, boxaGetCount, (BOXA *boxa), (boxa)) \
    V(lept_free, (void *ptr), (ptr)) \
    F(l_int32 *, makePixelSumTab8, (void), ()) \
    F(PIX *, pixAbsDifference, (PIX *pixs1, PIX *pixs2), (pixs1, pixs2)) \
    F(PIX *, pixAlphaBlendUniform, (PIX *pixs, l_uint32 color), (pixs, color)) \
    F(PIX *, pixBackgroundNorm, (PIX *pixs, PIX *pixim, PIX *pixg, l_int32 sx, l_int32 sy, l_int32 thresh, l_int32 mincount, l_int32 bgval, l_int32 smoothx, l_int32 smoothy), (pixs, pixim, pixg, sx, sy, thresh, mincount, bgval, smoothx, smoothy)) \
    F(PIX *, pixBlockconv, (PIX *pix, l_int32 wc, l_int32 hc), (pix, wc, hc)) \
    F(PIX *, pixClipRectangle, (PIX *pixs, BOX *box, BOX **pboxc), (pixs, box, pboxc)) \
    F(PIX *, pixCloseSafeBrick, (PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize), (pixd, pixs, hsize, vsize)) \
    F(BOXA *, pixConnComp, (PIX *pixs, PIXA **ppixa, l_int32 connectivity), (pixs, ppixa, connectivity)) \
    F(BOXA *, pixConnCompBB, (PIX *pixs, l_int32 connectivity), (pixs, connectivity)) \
    F(PIX *, pixConvert16To8, (PIX *pixs, l_int32 type), (pixs, type)) \
    F(PIX *, pixConvert1To8, (PIX *pixd, PIX *pixs, l_uint8 val0, l_uint8 val1), (pixd, pixs, val0, val1)) \
    F(PIX *, pixConvertTo1, (PIX *pixs, l_int32 threshold), (pixs, threshold)) \
    F(PIX *, pixConvertTo32, (PIX *pixs), (pixs)) \
    F(PIX *, pixConvertTo8, (PIX *pixs, l_int32 cmapflag), (pixs, cmapflag)) \
    F(PIX *, pixCopy, (PIX *pixd, const PIX *pixs), (pixd, pixs)) \
    F(l_ok, pixCountPixels, (PIX *pixs, l_int32 *pcount, l_int32 *tab8), (pixs, pcount, tab8)) \
    F(l_ok, pixCountPixelsInRect, (PIX *pixs, BOX *box, l_int32 *pcount, l_int32 *tab8), (pixs, box, pcount, tab8)) \
    F(PIX *, pixCreate, (l_int32 width, l_int32 height, l_int32 depth), (width, height, depth)) \
    F(PIX *, pixCreateNoInit, (l_int32 width, l_int32 height, l_int32 depth), (width, height, depth)) \
    V(pixDestroy, (PIX **ppix), (ppix)) \
    F(PIX *, pixDilateBrick, (PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize), (pixd, pixs, hsize, vsize)) \
    F(l_ok, pixEndianByteSwap, (PIX *pixs), (pixs)) \
    F(l_ok, pixEqual, (PIX *pix1, PIX *pix2, l_int32 *psame), (pix1, pix2, psame)) \
    F(l_ok, pixFindSkew, (PIX *pixs, l_float32 *pangle, l_float32 *pconf), (pixs, pangle, pconf)) \
    F(PIX *, pixFlipLR, (PIX *pixd, PIX *pixs), (pixd, pixs)) \
    F(PIX *, pixFlipTB, (PIX *pixd, PIX *pixs), (pixd, pixs)) \
    F(l_ok, pixGetAverageMasked, (PIX *pixs, PIX *pixm, l_int32 x, l_int32 y, l_int32 factor, l_int32 type, l_float32 *pval), (pixs, pixm, x, y, factor, type, pval)) \
    F(PIXCMAP *, pixGetColormap, (PIX *pix), (pix)) \
    F(l_uint32 *, pixGetData, (PIX *pix), (pix)) \
    F(l_int32, pixGetDepth, (const PIX *pix), (pix)) \
    F(l_int32, pixGetHeight, (const PIX *pix), (pix)) \
    F(l_ok, pixGetPixel, (PIX *pix, l_int32 x, l_int32 y, l_uint32 *pval), (pix, x, y, pval)) \
    F(PIX *, pixGetRGBComponent, (PIX *pixs, l_int32 comp), (pixs, comp)) \
    F(l_int32, pixGetSpp, (const PIX *pix), (pix)) \
    F(l_int32, pixGetWidth, (const PIX *pix), (pix)) \
    F(l_int32, pixGetWpl, (const PIX *pix), (pix)) \
    F(l_int32, pixGetXRes, (const PIX *pix), (pix)) \
    F(l_int32, pixGetYRes, (const PIX *pix), (pix)) \
    F(PIX *, pixHolesByFilling, (PIX *pixs, l_int32 connectivity), (pixs, connectivity)) \
    F(PIX *, pixInvert, (PIX *pixd, PIX *pixs), (pixd, pixs)) \
    F(PIX *, pixOpenBrick, (PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize), (pixd, pixs, hsize, vsize)) \
    F(PIX *, pixOr, (PIX *pixd, PIX *pixs1, PIX *pixs2), (pixd, pixs1, pixs2)) \
    F(l_ok, pixRasterop, (PIX *pixd, l_int32 dx, l_int32 dy, l_int32 dw, l_int32 dh, l_int32 op, PIX *pixs, l_int32 sx, l_int32 sy), (pixd, dx, dy, dw, dh, op, pixs, sx, sy)) \
    F(PIX *, pixRead, (const char *filename), (filename)) \
    F(l_ok, pixReadHeaderMem, (const l_uint8 *data, size_t size, l_int32 *pformat, l_int32 *pw, l_int32 *ph, l_int32 *pbps, l_int32 *pspp, l_int32 *piscmap), (data, size, pformat, pw, ph, pbps, pspp, piscmap)) \
    F(PIX *, pixReadMem, (const l_uint8 *data, size_t size), (data, size)) \
    F(PIX *, pixReadMemJp2k, (const l_uint8 *data, size_t size, l_uint32 reduction, BOX *box, l_int32 hint, l_int32 debug), (data, size, reduction, box, hint, debug)) \
    F(PIX *, pixReadMemJpeg, (const l_uint8 *data, size_t size, l_int32 cmflag, l_int32 reduction, l_int32 *pnwarn, l_int32 hint), (data, size, cmflag, reduction, pnwarn, hint)) \
    F(PIX *, pixReadMemTiff, (const l_uint8 *cdata, size_t size, l_int32 n), (cdata, size, n)) \
    F(PIX *, pixRemoveColormap, (PIX *pixs, l_int32 type), (pixs, type)) \
    F(PIX *, pixRotate, (PIX *pixs, l_float32 angle, l_int32 type, l_int32 incolor, l_int32 width, l_int32 height), (pixs, angle, type, incolor, width, height)) \
    F(PIX *, pixRotateOrth, (PIX *pixs, l_int32 quads), (pixs, quads)) \
    F(PIX *, pixScaleAreaMap, (PIX *pix, l_float32 scalex, l_float32 scaley), (pix, scalex, scaley)) \
    F(PIX *, pixScaleBySampling, (PIX *pixs, l_float32 scalex, l_float32 scaley), (pixs, scalex, scaley)) \
    F(PIX *, pixScaleLI, (PIX *pixs, l_float32 scalex, l_float32 scaley), (pixs, scalex, scaley)) \
    F(PIX *, pixScaleToGray, (PIX *pixs, l_float32 scalefactor), (pixs, scalefactor)) \
    F(PIX *, pixScaleToSize, (PIX *pixs, l_int32 wd, l_int32 hd), (pixs, wd, hd)) \
    F(PIX *, pixSelectBySize, (PIX *pixs, l_int32 width, l_int32 height, l_int32 connectivity, l_int32 type, l_int32 relation, l_int32 *pchanged), (pixs, width, height, connectivity, type, relation, pchanged)) \
    F(l_ok, pixSetAll, (PIX *pix), (pix)) \
    F(l_ok, pixSetAllArbitrary, (PIX *pix, l_uint32 val), (pix, val)) \
    F(l_ok, pixSetMasked, (PIX *pixd, PIX *pixm, l_uint32 val), (pixd, pixm, val)) \
    F(l_ok, pixSetResolution, (PIX *pix, l_int32 xres, l_int32 yres), (pix, xres, yres)) \
    F(PIX *, pixSubtract, (PIX *pixd, PIX *pixs1, PIX *pixs2), (pixd, pixs1, pixs2)) \
    F(PIX *, pixThresholdToBinary, (PIX *pixs, l_int32 thresh), (pixs, thresh)) \
    F(l_ok, pixWriteMemJpeg, (l_uint8 **pdata, size_t *psize, PIX *pix, l_int32 quality, l_int32 progressive), (pdata, psize, pix, quality, progressive)) \
    F(l_ok, pixWriteMemPng, (l_uint8 **pfiledata, size_t *pfilesize, PIX *pix, l_float32 gamma), (pfiledata, pfilesize, pix, gamma)) \
    F(l_ok, pixWriteMemTiff, (l_uint8 **pdata, size_t *psize, PIX *pix, l_int32 comptype), (pdata, psize, pix, comptype)) \
    F(PIX *, pixXor, (PIX *pixd, PIX *pixs1, PIX *pixs2), (pixd, pixs1, pixs2)) \
    V(pixaDestroy, (PIXA **ppixa), (ppixa)) \
    F(l_ok, pixaGetBoxGeometry, (PIXA *pixa, l_int32 index, l_int32 *px, l_int32 *py, l_int32 *pw, l_int32 *ph), (pixa, index, px, py, pw, ph)) \
    F(l_int32, pixaGetCount, (PIXA *pixa), (pixa)) \
    F(PIX *, pixaGetPix, (PIXA *pixa, l_int32 index, l_int32 accesstype), (pixa, index, accesstype)) \
    F(l_ok, pixcmapGetColor, (PIXCMAP *cmap, l_int32 index, l_int32 *prval, l_int32 *pgval, l_int32 *pbval), (cmap, index, prval, pgval, pbval)) \
    F(l_int32, pixcmapGetCount, (const PIXCMAP *cmap), (cmap)) \
    F(l_ok, readHeaderMemJpeg, (const l_uint8 *data, size_t size, l_int32 *pw, l_int32 *ph, l_int32 *pspp, l_int32 *pycck, l_int32 *pcmyk), (data, size, pw, ph, pspp, pycck, pcmyk))
