var e=document.getElementById("reference");window.Redoc.init(e.dataset.spec,{expandResponses:"200",jsonSampleExpandLevel:3,theme:{colors:{primary:{main:"#2f5bea"}}}},e);
