<?php
// The redirect route the BattleNetAPI README suggests (Laravel), in plain PHP: the baseline for forward mode.
$scheme = basename(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
header('Location: ' . $scheme . '://?' . http_build_query($_GET), true, 302);
